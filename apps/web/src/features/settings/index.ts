// The settings feature's public face: the app and other features import only this file.
// Its screens are loaded by app/routes.tsx from their own files, one chunk each, so that a
// feature imported here does not pull its screens into the importer's chunk.
// Nothing of it is used elsewhere yet.
