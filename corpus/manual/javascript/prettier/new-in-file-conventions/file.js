import { readFile } from "node:fs/promises";

export const loadConfig = async (
  configurationFilePathFromTheEnvironment,
) => {
  const text = await readFile(
    configurationFilePathFromTheEnvironment,
    "utf8",
  );
  return JSON.parse(text);
};

export function describe(user) {
  const parts = [
    user.firstName,
    user.lastName,
    user.emailAddressForNotifications,
  ];
  log("describe", user.id);
  return parts.filter(Boolean).join(" ");
}

function log(event, id) {
  console.log(`[${event}]`, id);
}
