/** The admin login stores token, token type and user in local storage. */
export const ADMIN_TOKEN_KEY = "token";
export const ADMIN_TOKEN_TYPE_KEY = "token_type";
export const ADMIN_USER_KEY = "user";

export type AdminUser = {
  id: number;
  name: string;
  email: string;
  is_admin: number;
  /** The admin's roles as the layout last read them (GET /api/admin/me). */
  roles?: string[];
};
export type AdminSession = { token: string; tokenType: string; user: AdminUser };

export function readAdminSession(): AdminSession | null {
  try {
    const token = localStorage.getItem(ADMIN_TOKEN_KEY);
    const user = JSON.parse(localStorage.getItem(ADMIN_USER_KEY) ?? "null") as AdminUser | null;
    if (!token || !user || user.is_admin !== 1) return null;
    return { token, tokenType: localStorage.getItem(ADMIN_TOKEN_TYPE_KEY) ?? "Bearer", user };
  } catch {
    return null;
  }
}

export function storeAdminSession(session: {
  token: string;
  token_type: string;
  user: AdminUser;
}): void {
  localStorage.setItem(ADMIN_TOKEN_KEY, session.token);
  localStorage.setItem(ADMIN_TOKEN_TYPE_KEY, session.token_type);
  localStorage.setItem(ADMIN_USER_KEY, JSON.stringify(session.user));
}

export function clearAdminSession(): void {
  for (const key of [ADMIN_TOKEN_KEY, ADMIN_TOKEN_TYPE_KEY, ADMIN_USER_KEY])
    localStorage.removeItem(key);
}
