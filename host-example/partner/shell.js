// The partner's script for the framed page: it decides whether the portal's links leave its page.
const shell = document.querySelector('cp-shell');
const stay = document.getElementById('stay');
const status = document.getElementById('navigated');
shell.addEventListener('cp-shell-navigate', (event) => {
  // The event is cancelable: preventDefault() keeps the visitor here; otherwise the portal page opens.
  if (stay.checked) event.preventDefault();
  status.textContent = `${stay.checked ? 'Stayed here; chose' : 'Opening'} ${event.detail.path}`;
});
