/// What an element is to a screen reader: the roles of the seed screens (as VoiceOver and TalkBack
/// announce them) and the ARIA 1.2 widget, structure and landmark roles as Chromium's accessibility
/// tree gives them. A role Chromium gives that none of these is, is `other`, read by Chromium's name.
public enum Role: String, Sendable, Hashable, CaseIterable {
    case header
    case textField = "text_field"
    case secureTextField = "secure_text_field"
    case button
    /// A button that stays pressed or not (`aria-pressed`).
    case toggleButton = "toggle_button"
    case toggle
    case `switch`
    /// A web page's check box, which screen readers name as such.
    case checkbox
    case radio
    case radioGroup = "radio_group"
    case image
    case imageButton = "image_button"
    /// An app's alert banner (ARIA's `alert`); ARIA's banner landmark is `banner_landmark`.
    case banner
    case link
    case staticText = "static_text"
    /// Several elements read as one swipe stop, such as a table row or a captcha row.
    case group
    case tab
    case tabList = "tab_list"
    case tabPanel = "tab_panel"
    case menu
    case menuBar = "menu_bar"
    case menuItem = "menu_item"
    case menuItemCheckbox = "menu_item_checkbox"
    case menuItemRadio = "menu_item_radio"
    case comboBox = "combo_box"
    case listBox = "list_box"
    case option
    case slider
    case spinButton = "spin_button"
    case progressBar = "progress_bar"
    case meter
    case grid
    case gridCell = "grid_cell"
    case table
    case row
    case cell
    case columnHeader = "column_header"
    case rowHeader = "row_header"
    case tree
    case treeItem = "tree_item"
    case dialog
    case alertDialog = "alert_dialog"
    case list
    case listItem = "list_item"
    case bannerLandmark = "banner_landmark"
    case navigation
    case main
    case complementary
    case contentInfo = "content_info"
    case region
    case search
    case form
    case separator
    case figure
    /// A role this reader has no word of its own for; the element's `roleName` is Chromium's name for it.
    case other

    /// True for what a user acts on: fields, buttons, toggles, links, and the parts of widgets.
    public var isInteractive: Bool {
        switch self {
        case .textField, .secureTextField, .button, .toggleButton, .toggle, .switch, .checkbox, .radio, .imageButton, .link,
             .tab, .menuItem, .menuItemCheckbox, .menuItemRadio, .comboBox, .listBox, .option, .slider, .spinButton,
             .gridCell, .treeItem:
            true
        default: false
        }
    }

    /// True for fields a user types into, the only elements an error can be attached to.
    public var isTextField: Bool { self == .textField || self == .secureTextField || self == .comboBox || self == .spinButton }

    /// True for elements with an on/off state, said in the role's own words: on and off for a switch,
    /// checked and not checked for a check box or radio button, pressed and not pressed for a toggle button.
    public var isToggle: Bool {
        [.toggle, .switch, .checkbox, .radio, .toggleButton, .menuItemCheckbox, .menuItemRadio].contains(self)
    }

    /// How the role says its on/off state: the keys of the two words in a voice profile's `states`.
    public var toggleWordKeys: (on: String, off: String)? {
        switch self {
        case .toggle, .switch: ("on", "off")
        case .checkbox, .menuItemCheckbox: ("checked", "not_checked")
        case .radio, .menuItemRadio: ("radio_checked", "radio_not_checked")
        case .toggleButton: ("pressed", "not_pressed")
        default: nil
        }
    }

    /// True for a container that a screen reader names, with its size, as focus enters it.
    public var isContext: Bool {
        [.group, .radioGroup, .list, .listBox, .table, .grid, .tree, .dialog, .alertDialog, .tabPanel, .tabList, .menu, .menuBar,
         .bannerLandmark, .navigation, .main, .complementary, .contentInfo, .region, .search, .form].contains(self)
    }

    /// The key of the role's word in a voice profile: `roles.text_field`.
    public var wordKey: String { "roles.\(rawValue)" }

    /// The names accepted in a flow file, for error messages.
    public static var names: String { allCases.filter { $0 != .other }.map(\.rawValue).joined(separator: ", ") }
}
