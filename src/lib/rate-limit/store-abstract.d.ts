declare module 'rate-limiter-flexible/lib/RateLimiterStoreAbstract.js' {
  const StoreAbstract: unknown;
  export default StoreAbstract;
}
