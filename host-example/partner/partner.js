// The partner's own script: it uses only the standalone bundle's exports.
import { confirm, toast } from '/sdk/cloudportal-elements.js';

const result = document.getElementById('result');
const show = (answer) => {
  result.textContent = answer ? 'Result: {result: true}' : 'Result: null';
};

document.getElementById('ask').addEventListener('click', async () => {
  show(
    await confirm({
      icon: 'question',
      title: 'Delete the selected views?',
      text: 'Deleted views cannot be restored.',
      showCancelButton: true,
      confirmButtonText: 'Delete',
    }),
  );
});
document.getElementById('ask-timed').addEventListener('click', async () => {
  show(await confirm({ icon: 'success', title: 'View Saved', text: 'This message closes by itself.', timer: 3000 }));
});
document.getElementById('toast').addEventListener('click', () => toast({ title: 'View Saved', kind: 'success' }));
document
  .getElementById('toast-error')
  .addEventListener('click', () => toast({ title: 'Permission not granted', kind: 'error' }));

const dark = document.getElementById('dark');
dark.addEventListener('click', () => {
  const on = dark.getAttribute('aria-pressed') !== 'true';
  dark.setAttribute('aria-pressed', String(on));
  document.body.classList.toggle('dark', on);
  // Light or dark is the partner's choice, per element: the visitor's portal dark mode does not follow them here.
  for (const element of document.querySelectorAll('cp-assistant, cp-toaster, cp-confirm-host'))
    element.setAttribute('theme', on ? 'dark' : 'light');
});

// The partner listens to the assistant like to any element: events bubble out of the shadow root.
const assistant = document.querySelector('cp-assistant');
const lastAnswer = document.getElementById('last-answer');
assistant.addEventListener('cp-assistant-answer-received', () => {
  lastAnswer.textContent = `The assistant answered at ${new Date().toLocaleTimeString('en-GB')}.`;
});
