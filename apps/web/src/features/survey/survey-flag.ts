// product-spec §4 Survey: "submitted" is remembered per unsub token on this device.
const flagKey = (token: string) => `surveySubmitted:${token}`;

export function isSurveySubmitted(token: string): boolean {
  return localStorage.getItem(flagKey(token)) === 'true';
}

export function markSurveySubmitted(token: string): void {
  localStorage.setItem(flagKey(token), 'true');
}
