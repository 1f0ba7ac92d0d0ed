import { describe, expect, it } from 'vitest';
import { overflows, precedingHeading, type TreeNode } from '../../../src/client/scroll-regions.ts';

/** A tree of plain objects shaped as the DOM walk needs: tag names, with an id to tell nodes apart. */
interface Node extends TreeNode {
  id: string;
  previousElementSibling: Node | null;
  lastElementChild: Node | null;
  parentElement: Node | null;
}
type Spec = [tag: string, id: string, children?: Spec[]];

function tree(spec: Spec, parent: Node | null = null): Node {
  const [tagName, id, children = []] = spec;
  const node: Node = { tagName, id, previousElementSibling: null, lastElementChild: null, parentElement: parent };
  let previous: Node | null = null;
  for (const child of children) {
    const built = tree(child, node);
    built.previousElementSibling = previous;
    previous = built;
  }
  node.lastElementChild = previous;
  return node;
}

function find(node: Node, id: string): Node | undefined {
  if (node.id === id) return node;
  for (let child = node.lastElementChild; child; child = child.previousElementSibling) {
    const found = find(child, id);
    if (found) return found;
  }
  return undefined;
}

const PAGE = tree(['MAIN', 'main', [
  ['H1', 'title'],
  ['DIV', 'content', [
    ['P', 'intro'],
    ['TABLE', 'first-table'],
    ['H2', 'errors'],
    ['P', 'lead'],
    ['DIV', 'tabs', [
      ['DIV', 'panel-1', [['H3', 'in-panel'], ['P', 'text']]],
      ['DIV', 'panel-2', [['DIV', 'frame', [['PRE', 'code']]]]],
    ]],
    ['TABLE', 'after-tabs'],
    ['DIV', 'section', [['H2', 'nested'], ['DIV', 'wrap', [['TABLE', 'nested-table']]]]],
  ]],
]]);
const headingOf = (id: string) => precedingHeading(find(PAGE, id)!)?.id;

describe('a scrolling box\'s name: the nearest heading above it in document order', () => {
  it('is the page title before any section heading', () => {
    expect(headingOf('first-table')).toBe('title');
  });

  it('is the heading of the section the box is in, found through the wrappers around the box', () => {
    expect(headingOf('nested-table')).toBe('nested');
  });

  it('is the last heading of a sibling that holds one (a heading inside an earlier tab panel)', () => {
    expect(headingOf('code')).toBe('in-panel');
    expect(headingOf('after-tabs')).toBe('in-panel');
  });

  it('is none where no heading comes before', () => {
    expect(precedingHeading(tree(['DIV', 'alone', [['TABLE', 't']]]).lastElementChild!)).toBeUndefined();
  });
});

describe('a box overflows', () => {
  it('when its content is wider or taller than the box by more than a rounding pixel', () => {
    expect(overflows({ scrollWidth: 469, clientWidth: 328, scrollHeight: 609, clientHeight: 609 })).toBe(true);
    expect(overflows({ scrollWidth: 300, clientWidth: 300, scrollHeight: 900, clientHeight: 400 })).toBe(true);
    expect(overflows({ scrollWidth: 329, clientWidth: 328, scrollHeight: 610, clientHeight: 609 })).toBe(false);
    expect(overflows({ scrollWidth: 0, clientWidth: 0, scrollHeight: 0, clientHeight: 0 })).toBe(false);
  });
});
