"use strict";
var __awaiter = (this && this.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};
var __generator = (this && this.__generator) || function (thisArg, body) {
    var _ = { label: 0, sent: function() { if (t[0] & 1) throw t[1]; return t[1]; }, trys: [], ops: [] }, f, y, t, g = Object.create((typeof Iterator === "function" ? Iterator : Object).prototype);
    return g.next = verb(0), g["throw"] = verb(1), g["return"] = verb(2), typeof Symbol === "function" && (g[Symbol.iterator] = function() { return this; }), g;
    function verb(n) { return function (v) { return step([n, v]); }; }
    function step(op) {
        if (f) throw new TypeError("Generator is already executing.");
        while (g && (g = 0, op[0] && (_ = 0)), _) try {
            if (f = 1, y && (t = op[0] & 2 ? y["return"] : op[0] ? y["throw"] || ((t = y["return"]) && t.call(y), 0) : y.next) && !(t = t.call(y, op[1])).done) return t;
            if (y = 0, t) op = [op[0] & 2, t.value];
            switch (op[0]) {
                case 0: case 1: t = op; break;
                case 4: _.label++; return { value: op[1], done: false };
                case 5: _.label++; y = op[1]; op = [0]; continue;
                case 7: op = _.ops.pop(); _.trys.pop(); continue;
                default:
                    if (!(t = _.trys, t = t.length > 0 && t[t.length - 1]) && (op[0] === 6 || op[0] === 2)) { _ = 0; continue; }
                    if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) { _.label = op[1]; break; }
                    if (op[0] === 6 && _.label < t[1]) { _.label = t[1]; t = op; break; }
                    if (t && _.label < t[2]) { _.label = t[2]; _.ops.push(op); break; }
                    if (t[2]) _.ops.pop();
                    _.trys.pop(); continue;
            }
            op = body.call(thisArg, _);
        } catch (e) { op = [6, e]; y = 0; } finally { f = t = 0; }
        if (op[0] & 5) throw op[1]; return { value: op[0] ? op[1] : void 0, done: true };
    }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.expect = exports.test = exports.AXE_TAGS = void 0;
exports.expectNoA11yViolations = expectNoA11yViolations;
exports.keepScreenshot = keepScreenshot;
exports.pinned = pinned;
var playwright_1 = require("@axe-core/playwright");
var test_1 = require("@playwright/test");
Object.defineProperty(exports, "expect", { enumerable: true, get: function () { return test_1.expect; } });
exports.AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * Every test page fails on a console error or an uncaught page error, so a screen that "looks fine" but logs
 * errors does not pass.
 */
exports.test = test_1.test.extend({
    consoleErrors: [
        function (_a, use_1) { return __awaiter(void 0, [_a, use_1], void 0, function (_b, use) {
            var errors;
            var page = _b.page;
            return __generator(this, function (_c) {
                switch (_c.label) {
                    case 0:
                        errors = [];
                        page.on('console', function (msg) {
                            if (msg.type() === 'error')
                                errors.push(msg.text());
                        });
                        page.on('pageerror', function (err) { return errors.push(err.message); });
                        return [4 /*yield*/, use(errors)];
                    case 1:
                        _c.sent();
                        (0, test_1.expect)(errors, 'console errors').toEqual([]);
                        return [2 /*return*/];
                }
            });
        }); },
        { auto: true },
    ],
});
/** Zero axe violations for the WCAG 2.0/2.1/2.2 A and AA tags. */
function expectNoA11yViolations(page) {
    return __awaiter(this, void 0, void 0, function () {
        var results, summary;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, new playwright_1.default({ page: page }).withTags(exports.AXE_TAGS).analyze()];
                case 1:
                    results = _a.sent();
                    summary = results.violations.map(function (v) { return "".concat(v.id, ": ").concat(v.help, " (").concat(v.nodes.map(function (n) { return n.target.join(' '); }).join(', '), ")"); });
                    (0, test_1.expect)(summary, 'axe violations').toEqual([]);
                    return [2 /*return*/];
            }
        });
    });
}
/** Full-page screenshot kept as a test artifact (test-results/ and the HTML report). */
function keepScreenshot(page, testInfo, name) {
    return __awaiter(this, void 0, void 0, function () {
        var body;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, page.screenshot({ fullPage: true, animations: 'disabled' })];
                case 1:
                    body = _a.sent();
                    return [4 /*yield*/, testInfo.attach("".concat(name, "-").concat(testInfo.project.name), { body: body, contentType: 'image/png' })];
                case 2:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
/**
 * A locator for exactly the element `locator` matches now, by its aria-controls: a locator such as
 * "the first collapsed button" would otherwise find the next one after a click.
 */
function pinned(locator) {
    return __awaiter(this, void 0, void 0, function () {
        var controls;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, locator.getAttribute('aria-controls')];
                case 1:
                    controls = _a.sent();
                    (0, test_1.expect)(controls, 'an expandable button names what it controls').toBeTruthy();
                    return [2 /*return*/, locator.page().locator("[aria-controls=\"".concat(controls, "\"]"))];
            }
        });
    });
}
