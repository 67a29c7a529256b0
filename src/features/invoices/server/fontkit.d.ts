/** The part of fontkit (pdfkit's font engine, untyped) the invoice PDF uses: parse a font once. */
declare module 'fontkit' {
  export type Font = { layout: (text: string) => unknown };
  export function create(buffer: Uint8Array): Font;
}
