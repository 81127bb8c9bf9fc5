import { cleanup, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderInShell } from "../../test/render-in-shell.tsx";
import { GetStartedMenu } from "./get-started-menu.tsx";

afterEach(cleanup);

async function openMenu() {
  const user = userEvent.setup();
  renderInShell(
    <>
      <GetStartedMenu />
      <p>elsewhere</p>
    </>,
  );
  const button = await screen.findByRole("button", { name: "Get started" });
  expect(button.getAttribute("aria-expanded")).toBe("false");
  expect(screen.queryByRole("link", { name: "Login" })).toBeNull();
  await user.click(button);
  expect(button.getAttribute("aria-expanded")).toBe("true");
  return { user, button };
}

describe("Get started dropdown (SPEC 2)", () => {
  it("opens on click and offers Login and Register", async () => {
    await openMenu();
    expect(screen.getByRole("link", { name: "Login" }).getAttribute("href")).toBe("/login");
    expect(screen.getByRole("link", { name: "Register" }).getAttribute("href")).toBe("/register");
  });

  it("closes when the pointer leaves it", async () => {
    const { button } = await openMenu();
    fireEvent.mouseLeave(button.parentElement!);
    expect(screen.queryByRole("link", { name: "Login" })).toBeNull();
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes on Escape, on a second click and on a click outside", async () => {
    const { user, button } = await openMenu();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("link", { name: "Login" })).toBeNull();

    await user.click(button);
    await user.click(button);
    expect(screen.queryByRole("link", { name: "Login" })).toBeNull();

    await user.click(button);
    await user.click(screen.getByText("elsewhere"));
    expect(screen.queryByRole("link", { name: "Login" })).toBeNull();
  });

  it("gives focus back to its button on Escape (issue 29.6)", async () => {
    const { user, button } = await openMenu();
    screen.getByRole("link", { name: "Login" }).focus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("link", { name: "Login" })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("closes once a link is followed", async () => {
    const { user } = await openMenu();
    await user.click(screen.getByRole("link", { name: "Register" }));
    expect(screen.queryByRole("link", { name: "Register" })).toBeNull();
  });

  it("speaks Arabic in Arabic", async () => {
    const user = userEvent.setup();
    renderInShell(<GetStartedMenu />, { lang: "ar" });
    await user.click(await screen.findByRole("button", { name: /ابدأ/ }));
    expect(screen.getAllByRole("link")).toHaveLength(2);
  });
});
