import { redirect } from "react-router";
import { clearAdminSession, readAdminSession } from "../../lib/admin-session.ts";
import { apiPost } from "../../lib/api.ts";
import { paths } from "../../lib/paths.ts";

export const handle = { i18n: [] as const };

/** Revokes the token on the server, forgets it here, and returns to the admin login. */
export async function clientLoader() {
  const session = readAdminSession();
  if (session) {
    await apiPost("/api/auth/logout", undefined, { token: session.token }).catch(() => undefined);
  }
  clearAdminSession();
  return redirect(paths.admin.login());
}

export function HydrateFallback() {
  return null;
}

export default function AdminLogout() {
  return null;
}
