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
(0, fixtures_1.test)('Om oss lists the instructors', function (_a, testInfo_1) { return __awaiter(void 0, [_a, testInfo_1], void 0, function (_b, testInfo) {
    var instructors;
    var page = _b.page, request = _b.request;
    return __generator(this, function (_c) {
        switch (_c.label) {
            case 0: return [4 /*yield*/, request.get('/api/users/instructors')];
            case 1: return [4 /*yield*/, (_c.sent()).json()];
            case 2:
                instructors = (_c.sent());
                (0, fixtures_1.expect)(instructors.length).toBeGreaterThan(0);
                return [4 /*yield*/, page.goto('/om-oss')];
            case 3:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.expect)(page.getByRole('heading', { level: 1 })).toContainText('Om oss')];
            case 4:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.expect)(page.getByText(instructors[0].name).first()).toBeVisible()];
            case 5:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.expectNoA11yViolations)(page)];
            case 6:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.keepScreenshot)(page, testInfo, 'om-oss')];
            case 7:
                _c.sent();
                return [2 /*return*/];
        }
    });
}); });
(0, fixtures_1.test)('Regler og betingelser: categories by priority', function (_a, testInfo_1) { return __awaiter(void 0, [_a, testInfo_1], void 0, function (_b, testInfo) {
    var page = _b.page;
    return __generator(this, function (_c) {
        switch (_c.label) {
            case 0: return [4 /*yield*/, page.goto('/regler-og-betingelser')];
            case 1:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.expect)(page.getByRole('heading', { level: 1 })).toContainText('Regler og betingelser')];
            case 2:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.expect)(page.getByRole('heading', { level: 2 }).first()).toBeVisible()];
            case 3:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.expect)(page.getByText('Her mangler data')).toHaveCount(0)];
            case 4:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.expectNoA11yViolations)(page)];
            case 5:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.keepScreenshot)(page, testInfo, 'regler')];
            case 6:
                _c.sent();
                return [2 /*return*/];
        }
    });
}); });
(0, fixtures_1.test)('Login page offers only Vipps', function (_a, testInfo_1) { return __awaiter(void 0, [_a, testInfo_1], void 0, function (_b, testInfo) {
    var page = _b.page;
    return __generator(this, function (_c) {
        switch (_c.label) {
            case 0: return [4 /*yield*/, page.goto('/login')];
            case 1:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.expect)(page.getByRole('heading', { level: 1 })).toBeVisible()];
            case 2:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.expect)(page.getByRole('main').getByRole('button')).toHaveCount(1)];
            case 3:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.expect)(page.getByRole('main').getByRole('button')).toContainText('Vipps')];
            case 4:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.expectNoA11yViolations)(page)];
            case 5:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.keepScreenshot)(page, testInfo, 'login')];
            case 6:
                _c.sent();
                return [2 /*return*/];
        }
    });
}); });
(0, fixtures_1.test)('an unknown path shows Ikke funnet on /404', function (_a, testInfo_1) { return __awaiter(void 0, [_a, testInfo_1], void 0, function (_b, testInfo) {
    var page = _b.page;
    return __generator(this, function (_c) {
        switch (_c.label) {
            case 0: return [4 /*yield*/, page.goto('/denne-siden-finnes-ikke')];
            case 1:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.expect)(page).toHaveURL(/\/404$/)];
            case 2:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.expect)(page.getByRole('heading', { name: 'Ikke funnet' })).toBeVisible()];
            case 3:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.expect)(page.getByText('Vi kan dessverre ikke finne siden du leter etter')).toBeVisible()];
            case 4:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.expectNoA11yViolations)(page)];
            case 5:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.keepScreenshot)(page, testInfo, '404')];
            case 6:
                _c.sent();
                return [2 /*return*/];
        }
    });
}); });
(0, fixtures_1.test)('the admin area asks a visitor to log in', function (_a, testInfo_1) { return __awaiter(void 0, [_a, testInfo_1], void 0, function (_b, testInfo) {
    var page = _b.page;
    return __generator(this, function (_c) {
        switch (_c.label) {
            case 0: return [4 /*yield*/, page.goto('/admin')];
            case 1:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.expect)(page.getByRole('heading', { name: 'Ikke logget inn' })).toBeVisible()];
            case 2:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.expect)(page.getByText('Du må være logget inn for å se denne siden')).toBeVisible()];
            case 3:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.expectNoA11yViolations)(page)];
            case 4:
                _c.sent();
                return [4 /*yield*/, (0, fixtures_1.keepScreenshot)(page, testInfo, 'admin-utlogget')];
            case 5:
                _c.sent();
                return [2 /*return*/];
        }
    });
}); });
