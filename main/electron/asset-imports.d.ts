// electron-vite's `?asset` import: the file's path at run time, resolved against the built main
// script (files under resources/ are not copied; they ship next to out/).
declare module '*?asset' {
  const path: string;
  export default path;
}
