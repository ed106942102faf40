// The Firefox lane (Firefox ESR, Debian's): lane.mjs's tests, over WebDriver BiDi.
import { lane } from "./lane.mjs";

lane("firefox");
