"""teach"""
