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
(0, fixtures_1.test)('Kurssteder: places grouped by town with structured course data', function (_a, testInfo_1) { return __awaiter(void 0, [_a, testInfo_1], void 0, function (_b, testInfo) {
    var _i, _c, town, link, jsonLd, data, text;
    var page = _b.page;
    return __generator(this, function (_d) {
        switch (_d.label) {
            case 0: return [4 /*yield*/, page.goto('/kurs')];
            case 1:
                _d.sent();
                return [4 /*yield*/, (0, fixtures_1.expect)(page.getByRole('heading', { level: 1 })).toContainText('Kurssteder')];
            case 2:
                _d.sent();
                _i = 0, _c = ['Oslo', 'Lillestrøm', 'Skjetten', 'Skedsmokorset', 'Jessheim'];
                _d.label = 3;
            case 3:
                if (!(_i < _c.length)) return [3 /*break*/, 6];
                town = _c[_i];
                return [4 /*yield*/, (0, fixtures_1.expect)(page.getByRole('heading', { name: "Babysv\u00F8mming ".concat(town) })).toBeVisible()];
            case 4:
                _d.sent();
                _d.label = 5;
            case 5:
                _i++;
                return [3 /*break*/, 3];
            case 6:
                link = page.getByRole('link', { name: /Lillestrøm Svømmehall/ });
                return [4 /*yield*/, (0, fixtures_1.expect)(link).toHaveAttribute('href', /^\/kurs\/(lillestrøm-svømmehall|lillestr%C3%B8m-sv%C3%B8mmehall)$/)];
            case 7:
                _d.sent();
                return [4 /*yield*/, page.locator('script[type="application/ld+json"]').first().textContent()];
            case 8:
                jsonLd = _d.sent();
                data = JSON.parse(jsonLd !== null && jsonLd !== void 0 ? jsonLd : '{}');
                text = JSON.stringify(data);
                (0, fixtures_1.expect)(text).toContain('"NOK"');
                (0, fixtures_1.expect)(text).toContain('PT30M');
                (0, fixtures_1.expect)(text).toContain('Onsite');
                return [4 /*yield*/, (0, fixtures_1.expectNoA11yViolations)(page)];
            case 9:
                _d.sent();
                return [4 /*yield*/, (0, fixtures_1.keepScreenshot)(page, testInfo, 'kurssteder')];
            case 10:
                _d.sent();
                return [2 /*return*/];
        }
    });
}); });
