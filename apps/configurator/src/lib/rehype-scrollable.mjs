// Rehype plugin for the site's Markdown: code blocks and tables scroll sideways on narrow screens, so each gets
// tabindex="0" to be reachable and scrollable from the keyboard (axe: scrollable-region-focusable).
export function rehypeScrollable() {
  const visit = (node) => {
    if (node.type === 'element' && (node.tagName === 'pre' || node.tagName === 'table')) {
      node.properties = { ...node.properties, tabIndex: 0 };
    }
    for (const child of node.children ?? []) visit(child);
  };
  return (tree) => visit(tree);
}
