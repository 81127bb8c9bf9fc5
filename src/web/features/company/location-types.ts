import type { ShopLocation } from "../../../shared/schemas/settings.ts";

export type MapCentre = { lat: number; lng: number; zoom: number };
export type { ShopLocation };

/** The map is 500 px tall. */
export const MAP_HEIGHT_PX = 500;
/** Tiles from a public tile service, {s}/{z}/{x}/{y}. CSP allows this host. */
export const TILE_URL = "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png";
export const TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
