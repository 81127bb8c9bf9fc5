import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { MapContainer, Marker, Popup, TileLayer } from "react-leaflet";
import { pickText, useLang } from "../../lib/bilingual.ts";
import {
  MAP_HEIGHT_PX,
  type MapCentre,
  type ShopLocation,
  TILE_ATTRIBUTION,
  TILE_URL,
} from "./location-types.ts";

/** A drawn pin: Leaflet's default icon images do not survive bundling, and need no request. */
const pin = L.divIcon({
  className: "",
  html: '<svg viewBox="0 0 24 32" width="28" height="38" aria-hidden="true"><path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0Z" fill="#5a3a1d"/><circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>',
  iconSize: [28, 38],
  iconAnchor: [14, 38],
  popupAnchor: [0, -34],
});

/**
 * The interactive map (its own lazy chunk, with Leaflet's CSS): one marker per location.
 * The container has its own background and the addresses are listed beside it, so the page
 * still reads right when the tiles cannot load.
 */
export default function LocationsMap({
  centre,
  locations,
  label,
}: {
  centre: MapCentre;
  locations: ShopLocation[];
  label: string;
}) {
  const lang = useLang();
  // MapContainer passes no aria or data attributes on: the wrapper names the map.
  return (
    <section aria-label={label} data-testid="locations-map">
      <MapContainer
        center={[centre.lat, centre.lng]}
        zoom={centre.zoom}
        scrollWheelZoom={false}
        style={{ height: MAP_HEIGHT_PX, width: "100%", background: "#efe6d6" }}
      >
        <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} />
        {locations.map((location) => (
          <Marker
            key={`${location.lat},${location.lng}`}
            position={[location.lat, location.lng]}
            icon={pin}
            title={pickText(lang, location.title.en, location.title.ar)}
            alt={pickText(lang, location.title.en, location.title.ar)}
          >
            <Popup>
              <strong>{pickText(lang, location.title.en, location.title.ar)}</strong>
              <br />
              {pickText(lang, location.address.en, location.address.ar)}
            </Popup>
          </Marker>
        ))}
      </MapContainer>
    </section>
  );
}
