// pa11y drives Debian's Chromium (see tests); puppeteer must not download its own browser.
module.exports = { skipDownload: true };
