// The WebKit lane (WebKitGTK's MiniBrowser, Debian's, Safari's engine): lane.mjs's
// tests, through WebKitWebDriver in a virtual display.
import { lane } from "./lane.mjs";

lane("webkit");
