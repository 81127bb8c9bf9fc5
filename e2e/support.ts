/** The admin the e2e server starts with (ADMIN_EMAIL / ADMIN_PASSWORD in playwright.config.ts). */
export const E2E_ADMIN = { email: "admin@example.com", password: "e2e-admin-password" };
