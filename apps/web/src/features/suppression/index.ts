// The suppression feature's public face: the app and other features import only this file.
// Its screen (Settings › Do-not-email) is loaded by app/routes.tsx from its own file.
// Nothing of it is used elsewhere yet.
