// Messages for screen readers (a polite live region) and visible alerts.

export function createAnnouncer(region, alertBox) {
  let alertTimer = null;
  return {
    announce(text) {
      region.textContent = "";
      requestAnimationFrame(() => {
        region.textContent = text;
      });
    },
    alert(text) {
      alertBox.textContent = text;
      alertBox.hidden = false;
      clearTimeout(alertTimer);
      alertTimer = setTimeout(() => {
        alertBox.hidden = true;
      }, 6000);
    },
  };
}
