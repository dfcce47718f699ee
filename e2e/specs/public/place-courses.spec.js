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
fixtures_1.test.describe('Bestill kurs for one place', function () {
    (0, fixtures_1.test)('header, venue card, course grid and expandable rows', function (_a, testInfo_1) { return __awaiter(void 0, [_a, testInfo_1], void 0, function (_b, testInfo) {
        var row;
        var page = _b.page;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0: return [4 /*yield*/, page.goto('/kurs/sagene-basseng')];
                case 1:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(page.getByRole('heading', { level: 1 })).toHaveText('Babysvømming Sagene Basseng, Oslo')];
                case 2:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(page).toHaveTitle(/^Sagene Basseng, Oslo/)];
                case 3:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(page.getByRole('link', { name: /Kierschows gate 5/ })).toHaveAttribute('href', /maps/)];
                case 4:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(page.getByLabel('Velg kurssted')).toBeVisible()];
                case 5:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.pinned)(page.getByRole('main').getByRole('button', { expanded: false }).first())];
                case 6:
                    row = _c.sent();
                    return [4 /*yield*/, row.click()];
                case 7:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(row).toHaveAttribute('aria-expanded', 'true')];
                case 8:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(page.getByText('Ikke tilgang').first()).toBeVisible()];
                case 9:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(page.getByText(/\d[\s\u00a0\u202f]*kr\b/).first()).toBeVisible()];
                case 10:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.expectNoA11yViolations)(page)];
                case 11:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.keepScreenshot)(page, testInfo, 'kurs-sagene')];
                case 12:
                    _c.sent();
                    return [4 /*yield*/, row.click()];
                case 13:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(row).toHaveAttribute('aria-expanded', 'false')];
                case 14:
                    _c.sent();
                    return [2 /*return*/];
            }
        });
    }); });
    (0, fixtures_1.test)('the venue dropdown changes the route', function (_a) { return __awaiter(void 0, [_a], void 0, function (_b) {
        var page = _b.page;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0: return [4 /*yield*/, page.goto('/kurs/sagene-basseng')];
                case 1:
                    _c.sent();
                    return [4 /*yield*/, page.getByLabel('Velg kurssted').selectOption({ label: 'Jessheim Badeland' })];
                case 2:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(page).toHaveURL(/\/kurs\/jessheim-badeland$/)];
                case 3:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(page.getByRole('heading', { level: 1 })).toHaveText('Babysvømming Jessheim Badeland, Jessheim')];
                case 4:
                    _c.sent();
                    return [2 /*return*/];
            }
        });
    }); });
    (0, fixtures_1.test)('a place id in the URL is redirected to the name slug', function (_a) { return __awaiter(void 0, [_a], void 0, function (_b) {
        var places, place;
        var page = _b.page, request = _b.request;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0: return [4 /*yield*/, request.get('/api/places')];
                case 1: return [4 /*yield*/, (_c.sent()).json()];
                case 2:
                    places = (_c.sent());
                    place = places.find(function (p) { return p.name === 'Skjetten Bad'; });
                    (0, fixtures_1.expect)(place).toBeTruthy();
                    return [4 /*yield*/, page.goto("/kurs/".concat(place._id))];
                case 3:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(page).toHaveURL(/\/kurs\/skjetten-bad$/)];
                case 4:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(page.getByRole('heading', { level: 1 })).toHaveText('Babysvømming Skjetten Bad, Skjetten')];
                case 5:
                    _c.sent();
                    return [2 /*return*/];
            }
        });
    }); });
    (0, fixtures_1.test)('ordering as a visitor opens the login prompt', function (_a, testInfo_1) { return __awaiter(void 0, [_a, testInfo_1], void 0, function (_b, testInfo) {
        var dialog;
        var page = _b.page;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0: return [4 /*yield*/, page.goto('/kurs/sagene-basseng')];
                case 1:
                    _c.sent();
                    return [4 /*yield*/, page.getByRole('button', { name: /^Bestill/ }).first().click()];
                case 2:
                    _c.sent();
                    dialog = page.getByRole('dialog');
                    return [4 /*yield*/, (0, fixtures_1.expect)(dialog.getByRole('heading', { name: 'Logg inn' })).toBeVisible()];
                case 3:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(dialog).toContainText('Du må være logget inn for å utføre denne handlingen')];
                case 4:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.expectNoA11yViolations)(page)];
                case 5:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.keepScreenshot)(page, testInfo, 'logg-inn-modal')];
                case 6:
                    _c.sent();
                    return [4 /*yield*/, page.keyboard.press('Escape')];
                case 7:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(dialog).toBeHidden()];
                case 8:
                    _c.sent();
                    return [2 /*return*/];
            }
        });
    }); });
    (0, fixtures_1.test)('an unknown place says so', function (_a) { return __awaiter(void 0, [_a], void 0, function (_b) {
        var page = _b.page;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0: return [4 /*yield*/, page.goto('/kurs/finnes-ikke')];
                case 1:
                    _c.sent();
                    return [4 /*yield*/, (0, fixtures_1.expect)(page).toHaveTitle(/Bestill Kurs/)];
                case 2:
                    _c.sent();
                    return [2 /*return*/];
            }
        });
    }); });
});
