import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithKit } from "../../test/render-with-kit.tsx";
import { ConfirmDialog, Dialog } from "./dialog.tsx";

afterEach(cleanup);

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Edit category">
        <input aria-label="Name" />
      </Dialog>
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  renderWithKit(<Harness />);
  const opener = screen.getByRole("button", { name: "Open" });
  await user.click(opener);
  expect(await screen.findByRole("dialog", { name: "Edit category" })).toBeTruthy();
  return { user, opener };
}

async function expectClosedWithFocusOn(opener: HTMLElement) {
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(opener));
}

describe("Dialog (SPEC 2: Escape, backdrop click, close button)", () => {
  it("closes on Escape and returns focus to what opened it", async () => {
    const { user, opener } = await openDialog();
    await user.keyboard("{Escape}");
    await expectClosedWithFocusOn(opener);
  });

  it("closes on a backdrop click", async () => {
    const { user, opener } = await openDialog();
    await user.click(screen.getByTestId("dialog-backdrop"));
    await expectClosedWithFocusOn(opener);
  });

  it("closes with its close button", async () => {
    const { user, opener } = await openDialog();
    await user.click(screen.getByRole("button", { name: "Close" }));
    await expectClosedWithFocusOn(opener);
  });

  it("keeps focus inside while open", async () => {
    await openDialog();
    const dialog = screen.getByRole("dialog");
    expect(dialog.contains(document.activeElement)).toBe(true);
  });
});

describe("ConfirmDialog", () => {
  it("runs the action only on confirm and shows a failure inside", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    renderWithKit(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Delete this category?"
        description="It will be deleted."
        confirmLabel="Delete"
        onConfirm={onConfirm}
        error="Failed to delete"
      />,
    );
    const dialog = await screen.findByRole("dialog", { name: "Delete this category?" });
    expect(within(dialog).getByRole("alert").textContent).toBe("Failed to delete");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
