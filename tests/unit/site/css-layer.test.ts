import { describe, expect, it } from 'vitest';
import { layered } from '../../../src/integration/css-layer.ts';

describe('the engine\'s styles in one cascade layer', () => {
  it('wraps a stylesheet in @layer caravan-docs', () => {
    expect(layered('.a { color: red; }')).toBe('@layer caravan-docs{\n.a { color: red; }\n}\n');
  });

  it('moves @import rules out in front, after a comment too, each importing into the layer, and drops nothing', () => {
    expect(layered("/* The callouts. */\n@import './callout.css';\n.c{}\n")).toBe("@import './callout.css' layer(caravan-docs);\n@layer caravan-docs{\n/* The callouts. */\n.c{}\n\n}\n");
    expect(layered("@import './callout.css';\n@import '../badge.css' layer(base);\n.b{}")).toBe("@import './callout.css' layer(caravan-docs);\n@import '../badge.css' layer(base);\n@layer caravan-docs{\n.b{}\n}\n");
  });
});
