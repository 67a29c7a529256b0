/**
 * The most lines a cart holds (docs/decisions/0268). Every page view prices the whole cart and an
 * order takes all of it, so a cart without a bound is work without a bound; a buyer of more
 * domains checks out in batches. A module of its own, so that sign-in's merge reads the bound
 * without loading what an add needs.
 */
export const MAX_CART_LINES = 100;
