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
var fixtures_1 = require("../../support/fixtures");
fixtures_1.test.describe('Forside', function () {
    (0, fixtures_1.test)('hero, place cards, FAQ and about section', function (_a, testInfo_1) { return __awaiter(void 0, [_a, testInfo_1], void 0, function (_b, testInfo) {
        var main, sagene, description, _i, _c, area;
        var page = _b.page;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0: return [4 /*yield*/, page.goto('/')];
                case 1:
                    _d.sent();
                    main = page.getByRole('main');
                    return [4 /*yield*/, (0, fixtures_1.expect)(main.getByRole('link', { name: 'Bestill kurs' })).toHaveAttribute('href', '/kurs')];
                case 2:
                    _d.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(main.getByRole('link', { name: 'Les mer om babysvømming' })).toBeVisible()];
                case 3:
                    _d.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(main.getByRole('heading', { name: 'Kurssteder' })).toBeVisible()];
                case 4:
                    _d.sent();
                    sagene = main.getByRole('link', { name: /Sagene Basseng/ });
                    return [4 /*yield*/, (0, fixtures_1.expect)(sagene).toBeVisible()];
                case 5:
                    _d.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(sagene).toContainText('Se ledige kurs')];
                case 6:
                    _d.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(sagene).toContainText('0462')];
                case 7:
                    _d.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(main.getByRole('link', { name: /Bjerke Basseng/ })).toContainText('Les informasjon')];
                case 8:
                    _d.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(main.getByRole('heading', { name: 'Ofte stilte spørsmål' })).toBeVisible()];
                case 9:
                    _d.sent();
                    return [4 /*yield*/, page.locator('meta[name="description"]').getAttribute('content')];
                case 10:
                    description = _d.sent();
                    for (_i = 0, _c = ['Oslo', 'Lillestrøm', 'Skjetten', 'Skedsmokorset', 'Jessheim']; _i < _c.length; _i++) {
                        area = _c[_i];
                        (0, fixtures_1.expect)(description).toContain(area);
                    }
                    return [4 /*yield*/, (0, fixtures_1.expect)(page).toHaveTitle(/.+/)];
                case 11:
                    _d.sent();
                    return [4 /*yield*/, page.evaluate(function () { return document.fonts.ready; })];
                case 12:
                    _d.sent();
                    return [4 /*yield*/, (0, fixtures_1.expectNoA11yViolations)(page)];
                case 13:
                    _d.sent();
                    return [4 /*yield*/, (0, fixtures_1.keepScreenshot)(page, testInfo, 'forside')];
                case 14:
                    _d.sent();
                    return [2 /*return*/];
            }
        });
    }); });
    (0, fixtures_1.test)('a FAQ question expands and collapses its answer', function (_a) { return __awaiter(void 0, [_a], void 0, function (_b) {
        var question;
        var page = _b.page;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0: return [4 /*yield*/, page.goto('/')];
                case 1:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.pinned)(page.getByRole('main').getByRole('button', { expanded: false }).first())];
                case 2:
                    question = _c.sent();
                    return [4 /*yield*/, question.scrollIntoViewIfNeeded()];
                case 3:
                    _c.sent();
                    return [4 /*yield*/, question.click()];
                case 4:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(question).toHaveAttribute('aria-expanded', 'true')];
                case 5:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.expectNoA11yViolations)(page)];
                case 6:
                    _c.sent();
                    return [4 /*yield*/, question.click()];
                case 7:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(question).toHaveAttribute('aria-expanded', 'false')];
                case 8:
                    _c.sent();
                    return [2 /*return*/];
            }
        });
    }); });
    (0, fixtures_1.test)('navigation and footer', function (_a, testInfo_1) { return __awaiter(void 0, [_a, testInfo_1], void 0, function (_b, testInfo) {
        var nav, toggle, _i, _c, _d, name_1, href, footer, _e, _f, href;
        var page = _b.page, isMobile = _b.isMobile;
        return __generator(this, function (_g) {
            switch (_g.label) {
                case 0: return [4 /*yield*/, page.goto('/')];
                case 1:
                    _g.sent();
                    nav = page.getByRole('navigation').first();
                    if (!isMobile) return [3 /*break*/, 7];
                    toggle = page.getByRole('button', { name: /meny/i });
                    return [4 /*yield*/, (0, fixtures_1.expect)(toggle).toHaveAttribute('aria-expanded', 'false')];
                case 2:
                    _g.sent();
                    return [4 /*yield*/, toggle.click()];
                case 3:
                    _g.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(toggle).toHaveAttribute('aria-expanded', 'true')];
                case 4:
                    _g.sent();
                    return [4 /*yield*/, (0, fixtures_1.expectNoA11yViolations)(page)];
                case 5:
                    _g.sent();
                    return [4 /*yield*/, (0, fixtures_1.keepScreenshot)(page, testInfo, 'meny-apen')];
                case 6:
                    _g.sent();
                    _g.label = 7;
                case 7:
                    _i = 0, _c = [
                        ['Bestill kurs', '/kurs'],
                        ['Forside', '/'],
                        ['Om oss', '/om-oss'],
                        ['Regler og betingelser', '/regler-og-betingelser'],
                        ['Kontakt', '/kontakt'],
                        ['Logg inn', '/login'],
                    ];
                    _g.label = 8;
                case 8:
                    if (!(_i < _c.length)) return [3 /*break*/, 11];
                    _d = _c[_i], name_1 = _d[0], href = _d[1];
                    return [4 /*yield*/, (0, fixtures_1.expect)(nav.getByRole('link', { name: name_1, exact: true })).toHaveAttribute('href', href)];
                case 9:
                    _g.sent();
                    _g.label = 10;
                case 10:
                    _i++;
                    return [3 /*break*/, 8];
                case 11: return [4 /*yield*/, nav.getByRole('link', { name: 'Kontakt', exact: true }).click()];
                case 12:
                    _g.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(page).toHaveURL(/\/kontakt$/)];
                case 13:
                    _g.sent();
                    if (!isMobile) return [3 /*break*/, 15];
                    return [4 /*yield*/, (0, fixtures_1.expect)(page.getByRole('button', { name: /meny/i })).toHaveAttribute('aria-expanded', 'false')];
                case 14:
                    _g.sent();
                    _g.label = 15;
                case 15:
                    footer = page.getByRole('contentinfo');
                    return [4 /*yield*/, (0, fixtures_1.expect)(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/)];
                case 16:
                    _g.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(footer.getByRole('link', { name: 'Facebook' })).toBeVisible()];
                case 17:
                    _g.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(footer.getByRole('link', { name: 'Instagram' })).toBeVisible()];
                case 18:
                    _g.sent();
                    _e = 0, _f = ['/kurs', '/om-oss', '/kontakt', '/regler-og-betingelser'];
                    _g.label = 19;
                case 19:
                    if (!(_e < _f.length)) return [3 /*break*/, 22];
                    href = _f[_e];
                    return [4 /*yield*/, (0, fixtures_1.expect)(footer.locator("a[href=\"".concat(href, "\"]")).first()).toBeVisible()];
                case 20:
                    _g.sent();
                    _g.label = 21;
                case 21:
                    _e++;
                    return [3 /*break*/, 19];
                case 22: return [2 /*return*/];
            }
        });
    }); });
});
