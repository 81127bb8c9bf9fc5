import { useLocation, useNavigate } from "react-router";
import { readShopParams, type ShopParams, shopSearch } from "../../../shared/domain/shop-params.ts";

/** The shop/search state from the URL, links to other states, and a way to move to one. */
export function useShopParams(searchKey = "search") {
  const location = useLocation();
  const navigate = useNavigate();
  const params = readShopParams(new URLSearchParams(location.search), searchKey);
  const hrefFor = (changes: Partial<ShopParams>) =>
    `${location.pathname}${shopSearch(params, changes, searchKey)}`;
  const update = (changes: Partial<ShopParams>, opts: { replace?: boolean } = {}) =>
    navigate(hrefFor(changes), { replace: opts.replace ?? false, preventScrollReset: true });
  return { params, hrefFor, update, pathname: location.pathname };
}
