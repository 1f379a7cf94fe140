const path = require('path');
const fs = require('fs');
const os = require('os');

export const CONFIG_DIR = path.join(os.homedir(), '.app');
export const CONFIG_FILE = 'settings.json';
export const BACKUP_SUFFIX = '.bak';

const defaults = {
  theme: 'light',
  fontSize: 14,
  autosave: true,
};

/**
 * Reads the settings file, falling back to the defaults.
 */
function loadSettings() {
  const file = path.join(CONFIG_DIR, CONFIG_FILE);
  if (!fs.existsSync(file)) {
    return { ...defaults };
  }
  const raw = fs.readFileSync(file, 'utf8');
  const parsed = JSON.parse(raw);
  const merged = { ...defaults, ...parsed };
  return merged;
}

/**
 * Writes the settings, keeping one backup.
 */
function saveSettings(settings) {
  const file = path.join(CONFIG_DIR, CONFIG_FILE);
  fs.mkdirSync(CONFIG_DIR, { recursive: true });
  if (fs.existsSync(file)) {
    fs.copyFileSync(file, file + BACKUP_SUFFIX);
  }
  const text = JSON.stringify(settings, null, 2);
  fs.writeFileSync(file, text);
  fs.chmodSync(file, 0o600);
  return file;
}

module.exports = { loadSettings, saveSettings, defaults };
