// The HTTP API and the credentials kept in this browser.

class ApiError extends Error {
  constructor(status, code, message) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
  }
}

async function request(method, path, body) {
  const init = { method, headers: { Accept: "application/json" } };
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
  setInvites: (table, invites) => storage()?.setItem(invitesKey(table), JSON.stringify(invites)),
};
