// The partner's script for the search page: it hears which portal page the visitor chose (the
// element then opens it, since the event is not cancelled).
const search = document.querySelector('cp-search');
const status = document.getElementById('search-status');
search.addEventListener('cp-search-result-chosen', (event) => {
  status.textContent = `Opening ${event.detail.result.displayName}${event.detail.tabName ? `, tab ${event.detail.tabName}` : ''}.`;
});

const feedback = document.querySelector('cp-feedback');
const feedbackStatus = document.getElementById('feedback-status');
feedback.addEventListener('cp-feedback-submitted', (event) => {
  feedbackStatus.textContent = `Thank you: your ${event.detail.feedback.rating}-star feedback reached the portal team.`;
});
