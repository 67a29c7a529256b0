import { jsonLdText } from '../json-ld';

/** One schema.org block as JSON-LD. */
export function StructuredData({ data }: { data: unknown }) {
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />
  );
}
