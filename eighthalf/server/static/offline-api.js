// The offline table's answers to the page's API requests (app.js: request): its own files,
// written beside it (eighthalf.server.web.offline), as nothing answers at /api/ offline.
"use strict";

function eighthalfLocal(method, url) {
  const languages = ["en", "fr", "nl"];
  const spoken = (navigator.languages || []).map((tag) => tag.split("-")[0]).find((tag) => languages.includes(tag));
  const asked = /^\/api\/i18n(?:\/([a-z]{2}))?$/.exec(url);
  if (method === "GET" && asked) return `api/i18n-${asked[1] || spoken || "en"}.json`;
  const listed = /^\/api\/games\?lang=([a-z]{2})$/.exec(url);
  if (method === "GET" && listed) return `api/games-${listed[1]}.json`;
  return url;
}
