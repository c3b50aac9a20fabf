/**
 * Disables controls while a server call runs, so a double click cannot start two jobs, and marks
 * the region busy for screen readers. Controls already disabled before stay disabled after.
 */
type Control = HTMLButtonElement | HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export async function whileBusy<T>(
  controls: readonly Control[],
  task: () => Promise<T>,
  busy?: { button: HTMLButtonElement; text: string },
): Promise<T> {
  const before = controls.map((control) => control.disabled);
  const label = busy?.button.textContent ?? null;
  for (const control of controls) control.disabled = true;
  if (busy !== undefined) {
    busy.button.textContent = busy.text;
    busy.button.setAttribute('aria-busy', 'true');
  }
  try {
    return await task();
  } finally {
    controls.forEach((control, index) => {
      control.disabled = before[index];
    });
    if (busy !== undefined) {
      busy.button.textContent = label;
      busy.button.removeAttribute('aria-busy');
    }
  }
}
