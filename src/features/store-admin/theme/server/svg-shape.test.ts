import { describe, expect, it } from 'vitest';
import { svgShape } from './assets.server';

describe('svgShape', () => {
  it('counts elements and their deepest nesting from the tags', () => {
    const svg = `<?xml version="1.0"?>
<!DOCTYPE svg>
<svg viewBox="0 0 10 10"><g><g><rect/><circle r="1"></circle></g></g><path d="M0 0"/></svg>`;
    expect(svgShape(svg)).toEqual({ depth: 4, elements: 6, attributes: 1 });
  });

  it('skips comments, CDATA and a ">" or "/>" inside a quoted value', () => {
    const svg = `<svg><!-- <g><g><g> --><style><![CDATA[ a > b { } <g> ]]></style><text title="a > b/>" lang='x>y'>t</text></svg>`;
    expect(svgShape(svg)).toEqual({ depth: 2, elements: 3, attributes: 2 });
  });

  it('counts tags left open as nested, so an unclosed pile is as deep as it looks', () => {
    expect(svgShape(`<svg>${'<g>'.repeat(100)}`)).toEqual({
      depth: 101,
      elements: 101,
      attributes: 0,
    });
  });
});
