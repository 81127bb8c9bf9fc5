import { act, cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOGIN_REDIRECT_DELAY_MS, useSignedInRedirect } from "./use-signed-in-redirect.ts";

const response = {
  token: "tok",
  token_type: "Bearer",
  expires_at: "",
  user: { id: 1, name: "Layla", email: "layla@example.com", is_admin: 0 },
} as never;

let delay: number | undefined;
function Form() {
  const { onSignedIn } = useSignedInRedirect(delay);
  return (
    <button type="button" onClick={() => onSignedIn(response)}>
      done
    </button>
  );
}
const Home = () => <p>home</p>;
const Stub = createRoutesStub([
  { path: "/register", Component: Form },
  { path: "/", Component: Home },
]);

function renderAt(delayMs?: number) {
  delay = delayMs;
  render(<Stub initialEntries={["/register"]} />);
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("after signing in or registering", () => {
  it("a new account goes on at once: no wait", () => {
    renderAt(0);
    act(() => screen.getByRole("button", { name: "done" }).click());
    // The next turn of the event loop, not a second later.
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByText("home")).toBeTruthy();
  });

  it("the sign-in keeps SPEC's 2 s", () => {
    renderAt();
    act(() => screen.getByRole("button", { name: "done" }).click());
    expect(screen.queryByText("home")).toBeNull();
    act(() => vi.advanceTimersByTime(LOGIN_REDIRECT_DELAY_MS));
    expect(screen.getByText("home")).toBeTruthy();
  });
});
