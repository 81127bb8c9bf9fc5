/** The storefront's main links (SPEC 2, Navigation), shared by the second bar and the mobile menu. */
export const MAIN_LINKS = [
  { to: "/", key: "nav.home" },
  { to: "/shop", key: "nav.shop" },
  { to: "/our-kitchen", key: "nav.kitchen" },
  { to: "/about", key: "nav.about" },
  { to: "/traders", key: "nav.traders" },
  { to: "/contact", key: "nav.contact" },
] as const;

export const GET_STARTED_LINKS = [
  { to: "/login", key: "nav.login" },
  { to: "/register", key: "nav.register" },
] as const;
