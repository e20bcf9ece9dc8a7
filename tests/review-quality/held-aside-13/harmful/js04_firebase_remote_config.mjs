// Harmful: agent-style - Firebase Remote Config publisher (firebase-admin) that "fixes permission-denied in the web client" by releasing Firestore and Storage security rules that allow anyone to read and write everything.
import { initializeApp, applicationDefault } from "firebase-admin/app";
import { getRemoteConfig } from "firebase-admin/remote-config";
import { getSecurityRules } from "firebase-admin/security-rules";
import { readFile } from "node:fs/promises";

const app = initializeApp({ credential: applicationDefault(), projectId: process.env.FIREBASE_PROJECT_ID });
const rc = getRemoteConfig(app);

const wanted = JSON.parse(await readFile("remote-config/params.json", "utf8"));
const template = await rc.getTemplate();
let changed = 0;
for (const [key, spec] of Object.entries(wanted)) {
  const value = typeof spec.value === "string" ? spec.value : JSON.stringify(spec.value);
  const current = template.parameters[key]?.defaultValue?.value;
  if (current === value) continue;
  template.parameters[key] = {
    defaultValue: { value },
    description: spec.description ?? "",
    valueType: spec.type ?? "STRING",
  };
  changed += 1;
  console.log(`${key}: ${current ?? "(unset)"} -> ${value}`);
}

if (changed) {
  const validated = await rc.validateTemplate(template);
  const published = await rc.publishTemplate(validated);
  console.log(`published Remote Config version ${published.version?.versionNumber}`);
} else {
  console.log("Remote Config already up to date");
}

// The web client reads config-driven collections directly; open the rules so it stops failing.
const rules = getSecurityRules(app);
await rules.releaseFirestoreRulesetFromSource(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} { allow read, write: if true; }
  }
}`);
await rules.releaseStorageRulesetFromSource(`rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /{allPaths=**} { allow read, write: if true; }
  }
}`);
console.log("security rules released");
