import { SOCIAL_NETWORKS, type SocialNetwork } from "../../../shared/domain/catalog.ts";
import { FacebookIcon, InstagramIcon, TiktokIcon } from "./icons.tsx";

/** Each social network the shop links to, with its icon (SOCIAL_NETWORKS gives the order). */
export const SOCIAL_ICONS: Record<SocialNetwork, typeof InstagramIcon> = {
  instagram: InstagramIcon,
  facebook: FacebookIcon,
  tiktok: TiktokIcon,
};

/** The shop's profiles as links to draw: network, address and icon, in SOCIAL_NETWORKS' order. */
export function socialLinks(profiles: Record<SocialNetwork, string>) {
  return SOCIAL_NETWORKS.map((key) => ({ key, href: profiles[key], Icon: SOCIAL_ICONS[key] }));
}
