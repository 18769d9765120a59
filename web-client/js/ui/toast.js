// Short notices at the bottom of the screen ("That table has closed"). Text only.

export function toast(text, { timeout = 4000 } = {}) {
  let box = document.getElementById('toasts');
  if (!box) {
    box = document.createElement('div');
    box.id = 'toasts';
    box.setAttribute('role', 'status');
    box.setAttribute('aria-live', 'polite');
    document.body.append(box);
  }
  const note = document.createElement('div');
  note.className = 'toast';
  note.textContent = text;
  box.append(note);
  while (box.children.length > 3) box.firstElementChild.remove();
  setTimeout(() => {
    note.classList.add('leaving');
    setTimeout(() => note.remove(), 300);
  }, timeout);
}
