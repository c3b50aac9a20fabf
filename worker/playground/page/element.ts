/**
 * Makes an element with attributes and children: the page builds its DOM with nothing else. A
 * `style` is set through the CSS object model: the page's Content-Security-Policy refuses style
 * attributes, which could carry what a stylesheet can.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'style') element.style.cssText = value;
    else element.setAttribute(name, value);
  }
  element.append(...children);
  return element;
}
