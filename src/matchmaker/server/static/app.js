// The browser client: routes on the path to the lobby, a table or a replay.

import { loadAccount } from "./account.js";
import { showLobby } from "./lobby.js";
import { showProfile } from "./profile.js";
import { showReplay } from "./replay.js";
import { showTable } from "./join.js";

function route() {
  const root = document.getElementById("app");
  const params = new URLSearchParams(location.search);
  const path = location.pathname;
  const table = path.match(/^\/table\/([^/]+)\/?$/);
  if (table) return showTable(root, decodeURIComponent(table[1]), params);
  const replay = path.match(/^\/replay\/([^/]+)\/?$/);
  if (replay) return showReplay(root, decodeURIComponent(replay[1]), params);
  const player = path.match(/^\/players\/([^/]+)\/?$/);
  if (player) return showProfile(root, decodeURIComponent(player[1]));
  return showLobby(root);
}

await loadAccount();
route();
