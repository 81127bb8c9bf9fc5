import { redirect } from "react-router";
import { clearAdminSession, readAdminSession } from "../../lib/admin-session.ts";

/** Revokes the token on the server, forgets it here, and returns to the admin login. */
export async function clientLoader() {
  const session = readAdminSession();
  if (session) {
    await fetch("/api/auth/logout", {
      method: "POST",
      headers: { authorization: `Bearer ${session.token}` },
    }).catch(() => undefined);
  }
  clearAdminSession();
  return redirect("/admin-login");
}

export function HydrateFallback() {
  return null;
}

export default function AdminLogout() {
  return null;
}
