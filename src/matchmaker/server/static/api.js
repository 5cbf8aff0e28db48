// The HTTP API and the credentials kept in this browser.

class ApiError extends Error {
  constructor(status, code, message) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
  }
}

// The session's CSRF token: every POST made while signed in carries it (docs/protocol.md).
let csrf = null;

/** Keep (or, with null, forget) the CSRF token of this browser's session. */
export function setCsrf(token) {
  csrf = token || null;
}

async function request(method, path, body, retried = false) {
  const init = { method, headers: { Accept: "application/json" } };
  if (method !== "GET" && csrf) init.headers["X-CSRF-Token"] = csrf;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, "network", `The server cannot be reached (${err.message}).`);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    if (response.status === 403 && data && data.error === "csrf" && !retried) {
      // A session this page did not know of (signed in from another tab): learn its token.
      try {
        setCsrf((await request("GET", "/api/account", undefined, true)).csrf);
      } catch {
        setCsrf(null);
      }
      return request(method, path, body, true);
    }
    throw new ApiError(response.status, data && data.error, data && data.message);
  }
  return data;
}

export const api = {
  games: () => request("GET", "/api/games"),
  createTable: (spec) => request("POST", "/api/tables", spec),
  join: (table, invite, name) =>
    request("POST", `/api/tables/${encodeURIComponent(table)}/join`, { invite, name }),
  table: (table) => request("GET", `/api/tables/${encodeURIComponent(table)}`),
  finished: () => request("GET", "/api/finished"),
  seatLink: (table, token) =>
    request("POST", `/api/tables/${encodeURIComponent(table)}/seat-link`, { token }),
  recover: (table, code) =>
    request("POST", `/api/tables/${encodeURIComponent(table)}/recover`, { code }),
  replay: (table, seat) => {
    const query = seat === null || seat === undefined ? "" : `?seat=${seat}`;
    return request("GET", `/api/tables/${encodeURIComponent(table)}/replay${query}`);
  },
  account: () => request("GET", "/api/account"),
  signup: (username, password, name) =>
    request("POST", "/api/account/signup", name ? { username, password, name } : { username, password }),
  signin: (username, password) => request("POST", "/api/account/signin", { username, password }),
  signout: () => request("POST", "/api/account/signout"),
  signoutEverywhere: () => request("POST", "/api/account/signout-everywhere"),
  rename: (name) => request("POST", "/api/account/name", { name }),
  accountSeats: () => request("GET", "/api/account/seats"),
  reclaim: (table, seat) => request("POST", `/api/tables/${encodeURIComponent(table)}/reclaim`, { seat }),
  leaderboard: (game) => request("GET", `/api/leaderboard/${encodeURIComponent(game)}`),
  player: (username) => request("GET", `/api/players/${encodeURIComponent(username)}`),
  openTables: () => request("GET", "/api/open"),
  sit: (table, name) =>
    request("POST", `/api/tables/${encodeURIComponent(table)}/sit`, name ? { name } : {}),
  quickplay: (ask) => request("POST", "/api/quickplay", ask),
  quickplayStatus: (ticket) => request("POST", "/api/quickplay/status", { ticket }),
  quickplayBots: (ticket, bot) => request("POST", "/api/quickplay/bots", { ticket, bot }),
  quickplayLeave: (ticket) => request("POST", "/api/quickplay/leave", { ticket }),
  // Leave the line as the page goes away: a request that outlives the page, answer unread.
  quickplayLeaveQuietly: (ticket) => {
    const headers = { "Content-Type": "application/json" };
    if (csrf) headers["X-CSRF-Token"] = csrf;
    try {
      fetch("/api/quickplay/leave", { method: "POST", headers, body: JSON.stringify({ ticket }), keepalive: true }).catch(() => null);
    } catch {
      // the page is going away: nothing to tell anyone
    }
  },
  // Ready, pending (202: asking starts it) or failed: see `status`.
  review: (table) => request("GET", `/api/tables/${encodeURIComponent(table)}/review`),
};

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const tokenKey = (table) => `matchmaker:token:${table}`;
const invitesKey = (table) => `matchmaker:invites:${table}`;

export const saved = {
  token: (table) => storage()?.getItem(tokenKey(table)) || null,
  setToken: (table, token) => storage()?.setItem(tokenKey(table), token),
  forgetToken: (table) => storage()?.removeItem(tokenKey(table)),
  name: () => storage()?.getItem("matchmaker:name") || "",
  setName: (name) => storage()?.setItem("matchmaker:name", name),
  invites: (table) => {
    try {
      return JSON.parse(storage()?.getItem(invitesKey(table)) || "null");
    } catch {
      return null;
    }
  },
  // The username this browser signed in as (a hint: the session itself is an HttpOnly cookie).
  account: () => storage()?.getItem("matchmaker:account") || null,
  setAccount: (username) =>
    username ? storage()?.setItem("matchmaker:account", username) : storage()?.removeItem("matchmaker:account"),
  setInvites: (table, invites) => storage()?.setItem(invitesKey(table), JSON.stringify(invites)),
};
