// tr46 ships no types: the two calls this product makes, as its README documents them.
declare module 'tr46' {
  type Options = {
    checkHyphens?: boolean;
    checkBidi?: boolean;
    checkJoiners?: boolean;
    useSTD3ASCIIRules?: boolean;
    transitionalProcessing?: boolean;
    verifyDNSLength?: boolean;
    ignoreInvalidPunycode?: boolean;
  };
  export function toASCII(domainName: string, options?: Options): string | null;
  export function toUnicode(
    domainName: string,
    options?: Options,
  ): { domain: string; error: boolean };
}
