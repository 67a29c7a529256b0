/**
 * Names of the payment flow's jobs, shared by the code that queues them and the code that runs
 * them. The receipt's keeps the name it had under checkout: jobs already queued still run.
 */
export const RECEIPT_JOB = 'checkout.receipt';
export const REFUND_JOB = 'purchase.refund';
