import { sortKey, type ShopParams } from "./shopParams";

/**
 * The variables of the shop list's query (routes/ShopRoute.tsx; also what the gateway asks for
 * before rendering it, screenQueries.ts). A module of its own: the first visit's code holds
 * shopParams (the header's search), the shop's chunk this.
 */
export const shopVariables = (params: ShopParams) => ({ page: params.page, search: params.search || null, sort: sortKey(params.sort) });
