import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ADMINS_MESSAGES } from "../../../../shared/domain/admins.ts";
import type { AdminUser } from "../../../../shared/schemas/admins.ts";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { AdminsSection } from "./admins-section.tsx";

const admins: AdminUser[] = [
  {
    id: 1,
    name: "Owner",
    email: "owner@shop.test",
    roles: ["owner"],
    created_at: "2026-11-01T00:00:00.000Z",
    current: true,
  },
  {
    id: 2,
    name: "Packer",
    email: "packer@shop.test",
    roles: ["orders", "kitchen"],
    created_at: "2026-11-02T00:00:00.000Z",
    current: false,
  },
];

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let reply: (call: Call) => Response;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  localStorage.setItem("token", "admin-token");
  calls = [];
  reply = () => json({ data: admins });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url,
        method: init?.method ?? "GET",
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return reply(call);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("admins and their roles (issue 27)", () => {
  it.each([
    ["en", "Owner", "Orders, Kitchen"],
    ["ar", "المالك", "الطلبات، المطبخ"],
  ] as const)(
    "%s: each admin's roles named in the page's language",
    async (lang, owner, packer) => {
      renderWithKit(<AdminsSection />, { lang });
      const cells = await screen.findAllByTestId("admin-roles");
      expect(cells.map((c) => c.textContent)).toEqual([owner, packer]);
    },
  );

  it("adding asks for a role before any request, then sends the ticked ones", async () => {
    renderWithKit(<AdminsSection />);
    await screen.findAllByTestId("admin-roles");
    fireEvent.click(screen.getByRole("button", { name: "Add an admin" }));
    const dialog = await screen.findByTestId("admin-dialog");
    const type = (name: RegExp, value: string) =>
      fireEvent.input(within(dialog).getByLabelText(name), { target: { value } });
    type(/^Name/, "New Packer");
    type(/^E-mail/, "new.packer@shop.test");
    type(/^Password/, "secret-pass");
    type(/^Confirm password/, "secret-pass");
    fireEvent.click(within(dialog).getByRole("button", { name: "Add an admin" }));
    expect(await within(dialog).findByText(ADMINS_MESSAGES.ROLES_REQUIRED)).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);

    reply = (call) =>
      call.method === "POST" ? json({ data: admins[1] }, 201) : json({ data: admins });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Orders/ }));
    fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Catalogue/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Add an admin" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      url: "/api/admin/admins",
      body: { name: "New Packer", email: "new.packer@shop.test", roles: ["orders", "catalogue"] },
    });
  });

  it("ar: the last owner kept, said in Arabic beside the roles", async () => {
    renderWithKit(<AdminsSection />, { lang: "ar" });
    await screen.findAllByTestId("admin-roles");
    fireEvent.click(screen.getByRole("button", { name: "تغيير أدوار Owner" }));
    const dialog = await screen.findByTestId("admin-roles-dialog");
    const ownerBox = within(dialog).getByRole("checkbox", { name: /^المالك/ });
    expect((ownerBox as HTMLInputElement).checked).toBe(true);
    fireEvent.click(ownerBox);
    fireEvent.click(within(dialog).getByRole("checkbox", { name: /^الطلبات/ }));
    reply = (call) =>
      call.method === "PUT"
        ? json(
            {
              message: ADMINS_MESSAGES.LAST_OWNER,
              errors: { roles: [ADMINS_MESSAGES.LAST_OWNER] },
            },
            422,
          )
        : json({ data: admins });
    fireEvent.click(within(dialog).getByRole("button", { name: "حفظ" }));
    expect(
      await within(dialog).findByText(
        "يحتاج المتجر إلى مالك واحد على الأقل: امنح مشرفًا آخر دور المالك أولًا.",
      ),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")).toMatchObject({
      url: "/api/admin/admins/1",
      body: { roles: ["orders"] },
    });
  });

  it("removing asks first; a refusal stays in the dialog, then the removal is confirmed", async () => {
    renderWithKit(<AdminsSection />);
    await screen.findAllByTestId("admin-roles");
    // Only the other admin can be removed: never yourself.
    fireEvent.click(screen.getByRole("button", { name: "Remove Packer" }));
    const dialog = await screen.findByTestId("confirm-dialog");
    expect(within(dialog).getByText("Remove this admin?")).toBeTruthy();
    reply = (call) =>
      call.method === "DELETE"
        ? json({ message: ADMINS_MESSAGES.LAST_ADMIN }, 409)
        : json({ data: admins });
    fireEvent.click(within(dialog).getByTestId("confirm-button"));
    expect(await within(dialog).findByText(ADMINS_MESSAGES.LAST_ADMIN)).toBeTruthy();

    reply = (call) =>
      call.method === "DELETE" ? new Response(null, { status: 204 }) : json({ data: admins });
    fireEvent.click(within(dialog).getByTestId("confirm-button"));
    expect(await screen.findByText("Admin removed.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId("confirm-dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual([
      "/api/admin/admins/2",
      "/api/admin/admins/2",
    ]);
  });
});
