/**
 * Whether the visitor has used the VAT switch in this tab. Their choice then wins over the
 * account's stored one when /api/customer answers later: that answer can be older than the click
 * (the switch's save may still be on its way), and applying it would undo what they just chose.
 */
export const vatChoice = { madeHere: false };
