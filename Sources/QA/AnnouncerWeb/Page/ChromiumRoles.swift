import AnnouncerFlows

/// Chromium's accessibility roles (`Accessibility.getFullAXTree`'s `role.value`) and the roles the
/// virtual reader reads them as: the elements it stops at, and the containers it names on the way in.
/// A role missing from both tables is still read, by Chromium's name, when it can take focus.
enum ChromiumRoles {
    /// Roles read as elements of their own, by Chromium's name.
    static let elements: [String: Role] = [
        "heading": .header, "textbox": .textField, "searchbox": .textField, "combobox": .comboBox,
        "button": .button, "checkbox": .checkbox, "switch": .switch, "radio": .radio,
        "image": .image, "img": .image, "link": .link, "alert": .banner,
        "tab": .tab, "menuitem": .menuItem, "menuitemcheckbox": .menuItemCheckbox, "menuitemradio": .menuItemRadio,
        "option": .option, "ListBoxOption": .option, "MenuListOption": .option, "slider": .slider, "spinbutton": .spinButton,
        "progressbar": .progressBar, "meter": .meter, "treeitem": .treeItem, "gridcell": .gridCell,
        "DisclosureTriangle": .button, "PopUpButton": .comboBox, "separator": .separator,
    ]

    /// Roles of containers, named as focus enters them.
    static let containers: [String: Role] = [
        "group": .group, "radiogroup": .radioGroup, "list": .list, "listbox": .listBox, "table": .table, "grid": .grid,
        "treegrid": .grid, "tree": .tree, "dialog": .dialog, "alertdialog": .alertDialog, "tabpanel": .tabPanel,
        "tablist": .tabList, "menu": .menu, "menubar": .menuBar, "banner": .bannerLandmark, "navigation": .navigation,
        "main": .main, "complementary": .complementary, "contentinfo": .contentInfo, "region": .region,
        "search": .search, "form": .form, "LayoutTable": .table,
    ]

    /// Roles that hold no meaning of their own for a listener: text, layout and the document.
    static let silent: Set<String> = [
        "generic", "none", "presentation", "StaticText", "InlineTextBox", "LineBreak", "paragraph", "RootWebArea",
        "WebArea", "LabelText", "listitem", "row", "rowgroup", "cell", "columnheader", "rowheader", "ListMarker",
        "LayoutTableRow", "LayoutTableCell", "Section", "section", "figure", "caption", "Iframe", "IframePresentational",
        "MenuListPopup", "status", "log", "timer", "marquee", "Abbr", "code", "emphasis", "strong", "mark", "time",
        "blockquote", "term", "definition", "DescriptionList", "DescriptionListTerm", "DescriptionListDetail",
        "article", "document", "application", "note", "tooltip", "Canvas", "Pre", "Ruby", "subscript", "superscript",
    ]

    /// The role an element is read as: a button with `aria-pressed` is a toggle button; a role this table
    /// does not know is `other`, read by Chromium's name.
    static func role(of name: String, pressed: Bool) -> Role {
        if name == "button", pressed { return .toggleButton }
        if name == "ToggleButton" { return .toggleButton }
        return elements[name] ?? containers[name] ?? .other
    }
}
